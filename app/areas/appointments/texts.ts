/** 2§2 Appointments, 2§5 (booking and cancel rules) and 2§8, as the spec words them where it does. */
export const appointmentsTexts = {
  noRecords: "No Records Found",
  loading: "Loading appointments…",
  loadingChoices: "Loading what the practice offers…",
  helpline: "0800 358 5453",
  reasonRequired: "Reason is required",
  notYourFamily: "That person is not one you can book for.",
  reasonTooLong: "Please keep the reason to 500 characters or fewer",
  cancelled: "Appointment cancelled successfully",
  cancelUnconfirmed: "We could not confirm whether the appointment was cancelled. Press Cancel appointment again: it looks first, and cancels it only if it is still booked.",
  cancelFailed: "The appointment could not be cancelled just now. Please try again, or ring the practice.",
  cancelSessionEnded: "Your sign-in has ended, so nothing was cancelled. The reason you typed is still here: sign in again in a new tab, then come back and press Cancel appointment again.",
  notCancellable: "This appointment can no longer be cancelled online. Please ring the practice.",
  booked: "Appointment Booked successfully",
  bookedTitle: "Appointment booked",
  cancelledTitle: "Appointment cancelled",
  notCancelledTitle: "Not cancelled",
  /** Decisions/385: a booking posted again (Check again, another tab) that the practice already holds. */
  alreadyBooked: "Your appointment is booked: it had already reached the practice, so it was not booked twice.",
  bookUnconfirmed:
    "We could not confirm whether your appointment was booked. Everything you chose is still here. Check again looks in your appointments first and books it only if it is not there, so it will not be booked twice.",
  bookUnconfirmedTitle: "Booking not confirmed",
  checkAgain: "Check again",
  /** A booking the patient's appointments may hold, listed on its day without its time: booking again could make two. */
  bookUnclear: "Your appointments list one on this day without its time, so we cannot tell whether this time is booked for you. Please look in Upcoming, or phone the practice, before booking again.",
  bookFailed: "The appointment could not be booked just now. Nothing was booked: please try again.",
  /** Issue 21: the booking met an ended session; the dialog keeps every choice. */
  sessionEnded: "Your sign-in has ended, so nothing was booked. Everything you chose is still here: sign in again in a new tab, then come back and press Try again.",
  emailMissing: "Zoom email account does not exist for provider of this patient",
  zoomEnd: "Unable to book appointment due to issue at Zoom end",
  sameDayRefused: "Same day appointments cannot be booked online. Please ring the practice.",
  slotTaken: "That time has just been taken by someone else. Please choose one of the times still free.",
  noSlots: "No Slots Available",
  noNextDay: "No More Slots Available for next Day",
  noProvider: (role: string) => `Please select any Practitioner or ${role} is not available`,
  disabled: "Please ring the practice to organise an appointment",
  fillMandatory: "Fill mandatory field",
  blocked:
    "As per the responses recorded through this questionnaire, your appointment cannot be booked. For further assistance please contact the practice to organize/manage your appointment.",
  virtualNeedsVideo: "A virtual consult needs a Video Consult appointment: the type is now Video Consult, please choose a time again.",
  notProvided: "Not Provided",
  chooseType: "Choose an appointment type",
  chooseLocation: "Choose at least one location",
  chooseProvider: "Choose a provider",
  chooseDate: "Choose a date",
  chooseSlot: "Choose a time",
  chooseMember: "Choose the family member to book for",
  dateOutOfRange: "Choose a date in the next 90 days",
  loadFailed: "The practice could not be reached just now. Please try again.",
  /**
   * An appointment card's buttons: the words shown, then, for screen readers, which appointment, so
   * each name starts with the words on the button (WCAG 2.5.3): "Print slip for the Face to Face on …".
   */
  join: "Join",
  joinWhich: (appointment: string) => `the video consult, ${appointment}`,
  /** A video consult whose config names no meeting (absent, empty or not JSON, decisions/396): no Join link, and why. */
  noMeetingYet: "The practice has not sent the link for this video consult yet, so it cannot be joined here. Please ring the practice before the appointment.",
  printSlip: "Print slip",
  printSlipWhich: (appointment: string) => `for the ${appointment}`,
  cancel: "Cancel",
  cancelWhich: (appointment: string) => `the ${appointment}`,
  lockedDown: "Online bookings are with your own provider at the moment, so the provider and role cannot be changed.",
} as const;
