import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { AREAS, builtAreas } from "./lib/areas";

/** The area screens built so far, from the registry (app/lib/areas.ts): an area's line is its route. */
export const areaRoutes = (areas = AREAS) => builtAreas(areas).map((area) => route(area.path.slice(1), area.module));

/** The routes of 1§2. An area's screen joins through its line in app/lib/areas.ts, not here. */
export default [
  // Signed out only.
  route("login", "areas/sign-in/login.route.tsx"),
  route("login/flow", "areas/sign-in/login-flow.route.ts"),
  route("login/help", "areas/sign-in/login-help.route.ts"),
  route("loginSwitch/:q", "areas/sign-in/login-switch.route.tsx"),
  route("forgetPassword", "areas/sign-in/forget-password.route.tsx"),
  route("resetpassword", "areas/sign-in/reset-password.route.tsx"),
  route("signup", "areas/sign-in/signup.route.tsx"),
  route("captcha", "areas/sign-in/captcha.route.ts"),
  route("logout", "areas/sign-in/logout.route.tsx"),
  // Signed in only: the shell, and inside it the page frame whose ErrorBoundary keeps the shell.
  layout("shell/layout.route.tsx", [
    layout("shell/page-frame.route.tsx", [index("areas/dashboard/page.route.tsx"), route("profile", "areas/profile/page.route.tsx"), route("profile-old", "areas/profile/old-page.route.tsx"), route("zoom", "areas/video/page.route.tsx"), route("preview", "areas/preview/page.route.tsx"), route("account/switch", "areas/account-switch/page.route.tsx"), ...areaRoutes()]),
  ]),
  route("profile/photo", "areas/profile/photo.route.ts"),
  route("accounts/pay", "areas/accounts/pay.route.ts"),
  route("accounts/invoice/:id", "areas/accounts/invoice.route.ts"),
  route("appointments/book", "areas/appointments/book.route.ts"),
  route("zoom/signature", "areas/video/signature.route.ts"),
  route("medications/repeat", "areas/medications/repeat.route.ts"),
  route("medication", "areas/medications/old-address.route.ts"),
  route("emails/step", "areas/messaging/step.route.ts"),
  route("emails/attachment/:id/:n", "areas/messaging/attachment.route.ts"),
  route("reports/result/:id", "areas/results/result.route.ts"),
  route("reports/chart", "areas/results/chart.route.ts"),
  route("letters/letter/:id", "areas/letters/file.route.ts"),
  route("resources/file/:id", "areas/resources/file.route.ts"),
  route("access-record/download", "areas/access-record/download.route.ts"),
  route("summary/fhir", "areas/summary/fhir.route.ts"),
  route("summary/pdf", "areas/summary/pdf.route.ts"),
  // A share link's receiving side, for other apps with no session (SMART Health Links, decisions/308).
  route("shl/file/:ticket", "areas/summary/share-file.route.ts"),
  route("shl/:id", "areas/summary/share-manifest.route.ts"),
  route("*", "shell/not-found.route.tsx"),
] satisfies RouteConfig;
