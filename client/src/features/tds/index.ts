// What other features may use of TDS (eslint.config.js): the active natures for the party and
// transaction forms, and the preview of a bill's TDS as it is typed.
export { useActiveTdsNatures, useTdsPreview, type TdsPreviewFacts } from "./api";
