/** Sign up (1§2): no call is wired, so the patient is told what happens next. */
export const signupTexts = {
  familyName: "Family Name is Required",
  firstName: "First Name is Required",
  dob: "Enter the date of birth as dd-mm-yyyy, in the past",
  nhi: "Please enter a valid NHI number, for example ZAC5361",
  practice: "Practice Name is Required",
  email: "Please enter a valid email address",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  imageHint: "A JPEG or PNG picture, up to 5 MB. It is checked and then discarded: it is not kept or sent anywhere.",
  imageProblem: {
    empty: (name: string) => `${name} is empty: choose a JPEG or PNG picture`,
    type: (name: string) => `${name} is not a JPEG or PNG picture: choose a .jpg, .jpeg or .png image`,
    size: (name: string) => `${name} is larger than 5 MB: choose a smaller picture`,
  },
  /** Without JavaScript a refused form comes back as a new page, and no browser can refill a file field. */
  imageAgain: "The picture you chose could not be kept when the form came back (a browser cannot refill a file field): choose it again if you want to.",
  imagePreview: (name: string) => `Your chosen profile image, ${name}`,
  imageDiscarded: "The profile image you chose was checked and then discarded: it has not been kept or sent anywhere.",
  done: "Thank you. Registering with a practice is arranged with the practice itself: please call or visit them with these details and photo identification. No portal account has been created yet.",
} as const;
