import { z } from "zod";

/**
 * The portal's own attempt key: one request, however often it is posted (decisions/091, 111). Its own
 * module so that a screen needing the key does not load another area's texts and schemas with it.
 */
export const RequestKeySchema = z.string().regex(/^[\w-]{8,64}$/);
