/**
 * The Zoom Meeting SDK's boundary: the only module that imports it, loaded by main.ts when the page
 * asks to join. Its chunk (assets/sdk-*.js) is what the e2e tests replace with a recording stand-in.
 */
export { ZoomMtg } from "@zoom/meetingsdk";
