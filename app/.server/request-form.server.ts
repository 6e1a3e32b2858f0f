import { data } from "react-router";
import { errorsTexts } from "~/lib/texts/errors";

/**
 * The posted form of an action. A body that cannot be read as a form (a broken multipart body, a
 * boundary that never closes) is the sender's mistake: a 400 with a plain message, not a 500.
 */
export async function requestForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: errorsTexts.unreadableForm }, { status: 400 });
  }
}
