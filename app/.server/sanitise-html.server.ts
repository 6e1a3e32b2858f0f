import sanitizeHtml from "sanitize-html";

/**
 * A laboratory's narrative result made safe before it leaves the server: only text structure is kept, and
 * anything that can run, fetch or restyle the portal is dropped (docs/decisions/061).
 */

const TEXT_TAGS = ["h3", "h4", "p", "br", "hr", "strong", "b", "em", "i", "u", "sub", "sup", "span", "div", "blockquote", "pre", "code", "ul", "ol", "li", "dl", "dt", "dd"];
const TABLE_TAGS = ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...TABLE_TAGS, "a", "img"],
  // No class, id or style anywhere: the portal's own classes (a "fixed inset-0" overlay) and ids stay the portal's.
  allowedAttributes: {
    // target and rel only as the transform below sets them, whatever the markup said.
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  // A link may lead out when the patient follows it; nothing is fetched by itself. Images only inline
  // (data:), never from another server: an external image is a tracker.
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Their content is code or chrome, never the report's words.
  nonTextTags: ["script", "style", "textarea", "option", "button", "noscript", "title", "iframe", "object", "embed", "svg", "math", "template", "head"],
  disallowedTagsMode: "discard",
  transformTags: {
    // The dialog's title is the page's h2: the report's own headings sit below it.
    h1: "h3",
    h2: "h3",
    h5: "h4",
    h6: "h4",
    // Links open apart from the portal and give it no handle back.
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
  },
  // A relative source has no scheme to refuse, and would still be fetched: only inline images stay.
  exclusiveFilter: (frame) => frame.tag === "img" && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(frame.attribs.src ?? ""),
};

/** The markup with only text structure left. */
export function sanitiseResultHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
