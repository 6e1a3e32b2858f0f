/**
 * The dashboard's own words (1§2 Dashboard). Its cards' titles and empty texts are the areas' (app/lib/areas.ts,
 * app/lib/texts/dashboard.ts), on every signed-in page with the menu; these are drawn by the dashboard alone.
 */
export const dashboardPageTexts = {
  metaTitle: "Dashboard – Patient Portal",
  breadcrumb: "Home",
  title: "Dashboard",
  practiceHeading: "My Practice Details",
  practiceRows: { name: "Name", start: "Start time", phone: "Phone number", gp: "My GP", address: "Address" },
  practiceNotShared: "Your practice has not shared its details.",
  /** The charts (1§2) and their figures. */
  overviewTitle: "Appointment Overview",
  noAppointments: "No appointments yet.",
  bookedTitle: "Booked Appointments",
  overview: { completed: "Completed", upcoming: "Upcoming", missed: "Missed" },
  booked: { face: "Face To Face", video: "Virtual Consults", phone: "Phone Triage", total: "Total Appointments" },
  /** A new patient's welcome (issue 21). */
  welcomeTitle: "Welcome to your patient portal",
  welcomeText: "You have no appointments with the practice yet. Your appointments, results and messages will show here as they arrive.",
  nextSteps: "What you can do next:",
  checkDetails: "Check your personal and contact details",
  bookFirst: "Book your first appointment",
  sendMessage: "Send a message to the practice",
  seeMedications: "See your medications and ask for repeats",
  seeInvoices: "See your invoices and pay your account",
} as const;
