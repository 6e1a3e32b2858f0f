/** The form fields' own words (components/ui/field.tsx). */
export const fieldTexts = {
  /** Read by a screen reader before a field's message. */
  errorPrefix: "Error: ",
  /** The password field's toggle; a screen reader hears the field's name after it ("Show new password"). */
  showPassword: "Show",
  hidePassword: "Hide",
} as const;
