import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * A JSON Schema 2020-12 validator for the mock's OpenAPI document (ajv): the formats it uses (date,
 * date-time, email, uri, and zod's base64), its own keywords (description, x-not-in-spec) let through.
 * `coerceTypes` reads a query parameter as the text it is on the wire ("5" is the integer 5).
 */
export function documentAjv(coerceTypes = false): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat("base64", /^(?:[0-9a-zA-Z+/]{4})*(?:[0-9a-zA-Z+/]{2}==|[0-9a-zA-Z+/]{3}=)?$/);
  return ajv;
}
