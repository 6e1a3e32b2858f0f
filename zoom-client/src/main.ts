import { isPageMessage, joinFailureOf, type ClientToPage, type JoinRequest } from "../../app/areas/video/zoom";

/**
 * The video client inside /zoom's iframe. It tells the page it is ready, waits for the join request
 * (the signature comes from the portal's action; this page never sees the SDK secret), then loads the
 * SDK with every asset from the portal (`setZoomJSLib`), and reports back: joined, failed (with the
 * SDK's code), or left. When the meeting ends or the patient leaves, the SDK sends this frame to
 * leaveUrl, `?left`, which tells the page to go back to the appointments.
 */

const origin = window.location.origin;
const status = document.getElementById("status");

function tell(message: ClientToPage) {
  window.parent.postMessage(message, origin);
}

function show(text: string) {
  if (status) status.textContent = text;
}

async function devicePermission(name: "camera" | "microphone"): Promise<PermissionState | "unknown"> {
  try {
    return (await navigator.permissions.query({ name: name as PermissionName })).state;
  } catch {
    // Firefox does not answer for camera or microphone; the SDK asks when it needs them.
    return "unknown";
  }
}

async function reportDevices() {
  const [camera, microphone] = await Promise.all([devicePermission("camera"), devicePermission("microphone")]);
  tell({ type: "zoom:devices", camera, microphone });
}

interface SdkError {
  errorCode?: number | string;
  reason?: string;
}

let started = false;

async function join(request: JoinRequest) {
  // One join per frame: the page makes a new frame for Try again.
  if (started) return;
  started = true;
  tell({ type: "zoom:joining" });
  show("Connecting to the meeting…");
  let ZoomMtg: typeof import("./sdk").ZoomMtg;
  try {
    ({ ZoomMtg } = await import("./sdk"));
  } catch {
    return tell({ type: "zoom:failed", reason: "sdk-failed", code: "load" });
  }
  const failed = (error: SdkError | undefined) => tell({ type: "zoom:failed", reason: joinFailureOf(error?.errorCode), code: error?.errorCode });
  try {
    // Every SDK file from the portal (copied from the package at build time), never from Zoom's CDN.
    ZoomMtg.setZoomJSLib(`${origin}/zoom-client/lib`, "/av");
    ZoomMtg.preLoadWasm();
    ZoomMtg.prepareWebSDK();
    ZoomMtg.init({
      leaveUrl: `${origin}/zoom-client/?left`,
      // The SDK would fetch a newer media library from Zoom; the one copied here is what is served.
      patchJsMedia: false,
      success: () => {
        ZoomMtg.join({
          meetingNumber: request.meetingNumber,
          signature: request.signature,
          sdkKey: request.sdkKey,
          userName: request.userName,
          passWord: request.passWord,
          success: () => tell({ type: "zoom:joined" }),
          error: failed,
        });
      },
      error: failed,
    });
  } catch {
    tell({ type: "zoom:failed", reason: "sdk-failed", code: "init" });
  }
}

if (new URLSearchParams(window.location.search).has("left")) {
  show("You have left the meeting.");
  tell({ type: "zoom:left" });
} else {
  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== window.parent || !isPageMessage(event.data)) return;
    void join(event.data.join);
  });
  void reportDevices();
  tell({ type: "zoom:ready" });
}
