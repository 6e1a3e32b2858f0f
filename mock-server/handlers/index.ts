import { accountRoutes } from "./account";
import { authRoutes } from "./auth";
import { appointmentRoutes } from "./appointments";
import { documentRoutes } from "./documents";
import { healthRoutes } from "./health";
import { medicationRoutes } from "./medications";
import { invoiceRoutes, paymentRoutes } from "./invoices";
import { messagingRoutes } from "./messaging";
import { patientRoutes } from "./patient";
import { profileRoutes } from "./profile";
import type { WorldRoutes } from "./types";
import { videoRoutes } from "./video";

export type { WorldRoutes } from "./types";

/** Every call of a world's practice API, by contract endpoint name. */
export const worldRoutes: WorldRoutes = { ...authRoutes, ...accountRoutes, ...patientRoutes, ...invoiceRoutes, ...paymentRoutes, ...profileRoutes, ...messagingRoutes, ...documentRoutes, ...healthRoutes, ...appointmentRoutes, ...medicationRoutes, ...videoRoutes };
