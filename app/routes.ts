import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { AREAS, builtAreas } from "./lib/areas";

/** The area screens built so far, from the registry (app/lib/areas.ts): an area's line is its route. */
export const areaRoutes = (areas = AREAS) => builtAreas(areas).map((area) => route(area.path.slice(1), area.module));
/** The built areas' other addresses (step endpoints, files, downloads), outside the shell: named in their lines too. */
export const areaResourceRoutes = (areas = AREAS) => builtAreas(areas).flatMap((area) => Object.entries(area.routes ?? {}).map(([path, module]) => route(path, module)));

/**
 * The routes of 1§2. An area's screen and its other addresses join through its line in
 * app/lib/areas.ts, not here; what is listed here is the sign-in's, the shell's and the screens that
 * are no area of the menu (the profile, the video consult, the document preview, switching account).
 */
export default [
  // Signed out only.
  route("login", "areas/sign-in/login.route.tsx"),
  route("login/flow", "areas/sign-in/login-flow.route.ts"),
  route("login/help", "areas/sign-in/login-help.route.ts"),
  route("loginSwitch/:q", "areas/sign-in/login-switch.route.tsx"),
  route("forgetPassword", "areas/sign-in/forgot-password.route.tsx"),
  route("resetpassword", "areas/sign-in/reset-password.route.tsx"),
  route("signup", "areas/sign-in/signup.route.tsx"),
  route("captcha", "areas/sign-in/captcha.route.ts"),
  route("logout", "areas/sign-in/logout.route.tsx"),
  route("refresh", "shell/refresh.route.ts"),
  route("language", "shell/language.route.ts"),
  // The health card kept on a device (issue 71, decisions/405): anyone at the browser may ask, and nothing
  // about anyone shows until a passkey opens a copy; the device asks which of its copies still stand.
  route("card", "areas/summary/card/page.route.tsx"),
  route("card/status", "areas/summary/card/status.route.ts"),
  route("card/end", "areas/summary/card/end.route.ts"),
  // The installable portal's manifest (issue 71, decisions/404): public, in the chosen language.
  route("manifest.webmanifest", "shell/manifest.route.ts"),
  // Signed in only: the shell, and inside it the page frame whose ErrorBoundary keeps the shell.
  layout("shell/layout.route.tsx", [
    layout("shell/page-frame.route.tsx", [index("areas/dashboard/page.route.tsx"), route("profile", "areas/profile/page.route.tsx"), route("profile-old", "areas/profile/old-page.route.tsx"), route("zoom", "areas/video/page.route.tsx"), route("preview", "areas/preview/page.route.tsx"), route("account/switch", "areas/account-switch/page.route.tsx"), ...areaRoutes()]),
  ]),
  route("profile/photo", "areas/profile/photo.route.ts"),
  route("profile/step", "areas/profile/step.route.ts"),
  route("zoom/signature", "areas/video/signature.route.ts"),
  ...areaResourceRoutes(),
  route("*", "shell/not-found.route.tsx"),
] satisfies RouteConfig;
