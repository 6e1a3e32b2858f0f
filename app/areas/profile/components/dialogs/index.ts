// The dialogs of 1§2 User Profile, one per file. Each form mounts when its dialog opens, so each opening starts clean.
export { AddEmergencyContactDialog } from "./add-emergency-contact";
export { DeleteEmergencyContactDialog } from "./delete-emergency-contact";
export { ContactDetailsDialog } from "./contact-details";
export { UpdateProfileDialog } from "./update-profile";
export { ChangePasswordDialog } from "./change-password";
export { AddressDialog } from "./address";
export { TermsDialog } from "./terms";
export { SignInSecurityDialog } from "./sign-in-security";
export { DevicesDialog } from "./devices";
export { PasskeyDialog } from "./passkeys";
