import type { documentsEndpoints } from "@contract/documents";
import { bundleRow } from "./bundle";
import { asSent, type RoomRow } from "./shapes";

/** The room 2§7 leaves the records' calls: results, letters and resources (issue 68, decisions/396). */
export const documentsRoom = {
  labResults: bundleRow({ fixes: "2§3 Lab result: id, description (the test's name), author display, extensions laboratory name, date-time, comments, folder name, read flag as the text True or False.", open: "Which of those a record carries; how the read flag and the date are written." }),
  labResultById: bundleRow({ fixes: "2§7 \"stored locally for modal\": the result, its content PDF, HTML or a table of observations (ObservationText, ObservationValue, AbnormalFlagDesc, ObservationSummary).", open: "Which content a result carries; abnormal flags beyond Abnormal, Low and High." }),
  labChart: { fixes: "2§7: a list of observationtext, observationvalue and resultdate.", open: "Values as text that may not be numbers; how the date is written; an empty list.", replies: [asSent] },
  letters: bundleRow({ fixes: "2§3 Letter: id, type coding display, an extension date-time, content attachment (contentType, base64 data).", open: "Which of those a record carries; how the date is written." }),
  letterById: bundleRow({ fixes: "2§7 \"letter content\": the letter with its attachment.", open: "The attachment's content type; which fields the record carries." }),
  media: bundleRow({ fixes: "2§3 Resource: id, content title, contentType (PDF or a link), url.", open: "Which of those a record carries; content types beyond the two." }),
  mediaById: { fixes: "2§7 \"base64 content\".", open: "Whether the text is quoted JSON or bare.", replies: [asSent] },
} satisfies { [K in keyof typeof documentsEndpoints]: RoomRow };
