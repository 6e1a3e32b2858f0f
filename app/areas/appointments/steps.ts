import { z } from "zod";
import { BookReplySchema, BookStepSchema, NextDayStepSchema, ProviderViewSchema, ProvidersStepSchema, RolesStepSchema, SlotViewSchema, SlotsStepSchema } from "./booking";
import { CancelFormSchema } from "./forms";
import { step, stepArea } from "~/lib/steps";

/**
 * The booking machine's steps (2§4, 2§5), posted to /appointments/book (decisions/280), and the page's
 * Cancel (2§5). The lookups answer what the next choice offers or fail with the protocol's envelope;
 * booking answers its own outcomes (booked, taken with the times still free, same day, failed); a
 * cancel answers the practice's words, or is refused with them (decisions/377).
 */
export const bookingSteps = stepArea("/appointments/book", {
  roles: step(RolesStepSchema, z.array(z.object({ id: z.string(), name: z.string() }))),
  providers: step(ProvidersStepSchema, z.array(ProviderViewSchema)),
  slots: step(SlotsStepSchema, z.array(SlotViewSchema)),
  nextDay: step(NextDayStepSchema, z.object({ date: z.string().nullable(), slots: z.array(SlotViewSchema) })),
  book: step(BookStepSchema, BookReplySchema),
  cancel: step(CancelFormSchema, z.object({ message: z.string() })),
});
