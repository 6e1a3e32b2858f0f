/**
 * Where the e-mail and notification switches are (1§4: the older profile layout's Notification
 * Settings). The profile and the account menu both lead there (issue 33, item 8). A module of its own:
 * the account menu is in every page's first load, and this is all it needs.
 */
export const NOTIFICATION_SETTINGS = "/profile-old#old-notifications";
