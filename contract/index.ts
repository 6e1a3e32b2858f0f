export * from "./fhir";
export * from "./slots";
export * from "./nhi";
export * from "./auth";
export * from "./patient";
export * from "./endpoints";
export * from "./account";
export * from "./password-policy";
