/** The installed portal's names (issue 71, decisions/404): what a phone shows under its icon and in its app list. */
export const manifestTexts = {
  name: "Patient Portal",
  /** Under the icon on a home screen, where a longer name is cut short. */
  shortName: "Patient Portal",
  description: "Your health record, appointments, medicines and messages with your practice, and your health card when there is no network.",
};
