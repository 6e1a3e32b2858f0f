/**
 * The Book Appointment tab's own words (2§2, 2§4): loaded with the booking panel when the patient books, not with
 * the page (issue 12); what the machine or the page also says is in appointmentsTexts.
 */
export const bookingTexts = {
  /** The form's accessible name. */
  bookAnAppointment: "Book an appointment",
  whoFor: "Who is the appointment for?",
  bookForSelf: "Book For Self",
  familyMemberChoice: "Family Member",
  familyMember: "Family member",
  chooseFamilyMember: "Choose a family member",
  appointmentType: "Appointment type",
  chooseAType: "Choose a type",
  locations: "Locations",
  chosenLocations: "Chosen locations",
  /** The tag after the first chosen locations, for those not shown. */
  moreLocations: (count: number) => `+${count} more`,
  reasonForContact: "Reason for contact",
  generalReason: "General (not listed)",
  role: "Role",
  anyRole: "Any role",
  provider: "Provider",
  chooseAProvider: "Choose a provider",
  date: "Date",
  chooseADate: "Choose a date",
  /** The day's name, Sunday first, and a day as the date list shows it: "Tuesday 03-03-2026". */
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  dayLabel: (weekday: string, date: string) => `${weekday} ${date}`,
  nextAvailableDay: "Next available day",
  tryAgain: "Try again",
  timesOn: (day: string) => `Time on ${day} (New Zealand time)`,
  morning: "Morning",
  afternoon: "Afternoon",
  reasonLabel: "Reason for the appointment (optional)",
  bookAppointment: "Book Appointment",
  /** The COVID questionnaire (2§4, 2§9). */
  questionnaireTitle: "COVID-19 questionnaire",
  anySymptoms: "Do you have any of these symptoms?",
  /**
   * The symptoms offered. They are also what the practice receives in the booking's reason (2§4), with the words
   * below: the patient sees that reason before booking.
   */
  symptoms: ["Cough", "Shortness of breath", "Sore throat", "Fever (38C or higher)", "Muscle aches", "Runny nose", "Fatigue", "Loss of smell", "Altered taste"],
  noSymptoms: "No Symptoms",
  contactQuestion: (days: number) => `In the last ${days} days, have you been in close contact with someone who has COVID-19?`,
  positiveQuestion: (days: number) => `In the last ${days} days, have you tested positive for COVID-19?`,
  vaccinatedQuestion: "If you are over 12: have you had 2 doses of a COVID-19 vaccine?",
  yes: "Yes",
  no: "No",
  twelveOrUnder: "12 or under",
  /** The risky answers, written into the reason sent to the practice (2§4). */
  symptomAnswer: (symptom: string) => `Symptom: ${symptom}`,
  riskAnswer: (question: string, answer: string) => `${question} ${answer}`,
  screening: (answers: readonly string[]) => `COVID screening: ${answers.join("; ")}`,
  continue: "Continue",
  back: "Back",
  consultChoiceTitle: "Virtual consult or Face 2 Face?",
  consultChoice: "Your answers suggest you may have COVID-19 or have been near it. You can see the doctor by video, or come in person.",
  virtualConsult: "Virtual consult",
  face2Face: "Face 2 Face",
  blockedTitle: "Your appointment cannot be booked online",
  close: "Close",
  /** The confirmation: what was chosen. */
  confirmTitle: "Confirm your appointment",
  for: "For",
  type: "Type",
  with: "With",
  when: "When",
  where: "Where",
  reason: "Reason",
  dayAt: (day: string, time: string) => `${day} at ${time}`,
  terms: "Terms and conditions",
  booking: "Booking…",
  confirmBooking: "Confirm booking",
  /** Under "Appointment Booked successfully": when, with whom, and where to find it. */
  bookedDetails: (day: string, time: string, provider: string) => `${day} at ${time} with ${provider}. It is in your Upcoming Appointments.`,
  notBookedTitle: "Appointment not booked",
} as const;
