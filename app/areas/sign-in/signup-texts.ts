/** Sign up (1§2): no call is wired, so the patient is told what happens next. */
export const signupTexts = {
  familyName: "Family Name is Required",
  firstName: "First Name is Required",
  dob: "Enter the date of birth as dd-mm-yyyy, in the past",
  nhi: "Please enter a valid NHI number, for example ZAC5361",
  practice: "Practice Name is Required",
  email: "Please enter a valid email address",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  done: "Thank you. Registering with a practice is arranged with the practice itself: please call or visit them with these details and photo identification. No portal account has been created yet.",
} as const;
