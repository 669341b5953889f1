// DECISIONS §10 "Dates are real dates": every date and month a request carries lies in this window.
// Outside it a value is refused as input (400, naming the field) rather than reaching the database
// (which rejects year 0000 with an error of its own) or meaning something nobody entered.
// Zod-free: the client's display code and the custom-field checks import it too.

export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2100-12-31";
export const DATE_RANGE_MESSAGE = `Dates must be between ${FIRST_DAY} and ${LAST_DAY}`;
export const MONTH_RANGE_MESSAGE = "Months must be between 2000-01 and 2100-12";

/** A well-formed `YYYY-MM-DD` (or a timestamp starting with one) inside the window; ISO text orders like the calendar. */
export const isDayInRange = (day: string): boolean => day.slice(0, 10) >= FIRST_DAY && day.slice(0, 10) <= LAST_DAY;

/** A well-formed `YYYY-MM` inside the window. */
export const isMonthInRange = (month: string): boolean => month >= FIRST_DAY.slice(0, 7) && month <= LAST_DAY.slice(0, 7);
