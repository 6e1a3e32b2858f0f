/**
 * A Zoom meeting number: 9 to 11 digits. Kept apart from contract/video.ts (zod) so the video client
 * (zoom-client/) checks numbers the same way without bundling zod.
 */
export const MEETING_NUMBER = /^\d{9,11}$/;
