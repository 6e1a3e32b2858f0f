export const loginHelpTexts = {
  invalid: "Please correct the highlighted fields.",
  captcha: "Please confirm you are not a robot first.",
  sent: "Your request for help has been sent. The practice will contact you.",
  failed: "Your request for help could not be sent. Please try again, or phone the practice.",
  /** The form's fields (1§2, 1§5). */
  emailOrNhi: "Either Email or NHI Number is Required",
  emailInvalid: "Please enter a valid email address",
  nhiInvalid: "Please enter a valid NHI number, for example ZAC5361",
  firstName: "First Name is Required",
  familyName: "Family Name is Required",
  dob: "Date of Birth is required",
  dobFormat: "Enter the date of birth as dd-mm-yyyy, for example 07-03-1985",
  dobPast: "Date of Birth must be in the past",
  subject: "Subject is Required",
  body: "Message body is Required",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;
