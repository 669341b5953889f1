// The fields of a leave (DECISIONS §8, §15): its type, first and last day, half day, and reason,
// alike where HR records one and where an employee asks for one. Each form binds the controls its
// own way (react-hook-form's register, or state): the props are spread onto them.
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { LEAVE_TYPE_LABELS, LEAVE_TYPES } from "@shared/leave";
import { Checkbox, Field, Input, Select, Textarea } from "@/components/ui";

const LEAVE_TYPE_OPTIONS = LEAVE_TYPES.map((t) => ({ value: t, label: LEAVE_TYPE_LABELS[t] }));

type Bound<T> = Omit<T, "type" | "children">;

export function LeaveRangeFields({
  type,
  from,
  to,
  halfDay,
  oneDay,
  onHalfDayChange,
  reason,
  errors,
  datesOnOneRow = false,
}: {
  type: Bound<SelectHTMLAttributes<HTMLSelectElement>>;
  from: Bound<InputHTMLAttributes<HTMLInputElement>>;
  /** The last day's control; give it `min` of the first day. */
  to: Bound<InputHTMLAttributes<HTMLInputElement>>;
  halfDay: boolean;
  /** A half day is one day: the box is off and held while the range is longer. */
  oneDay: boolean;
  onHalfDayChange: (halfDay: boolean) => void;
  reason: Bound<TextareaHTMLAttributes<HTMLTextAreaElement>>;
  errors: { type?: string; from?: string; to?: string; reason?: string };
  /** The two days side by side on a phone too (the employee's own sheet). */
  datesOnOneRow?: boolean;
}) {
  return (
    <>
      <Field label="Type" required error={errors.type}>
        <Select {...type} options={LEAVE_TYPE_OPTIONS} />
      </Field>
      <div className={datesOnOneRow ? "grid grid-cols-2 gap-3" : "grid gap-4 sm:grid-cols-2"}>
        <Field label="First day" required error={errors.from}>
          <Input type="date" {...from} />
        </Field>
        <Field label="Last day" required error={errors.to}>
          <Input type="date" {...to} />
        </Field>
      </div>
      <Checkbox
        label="Half day (first and last day the same)"
        checked={halfDay && oneDay}
        disabled={!oneDay}
        onChange={(e) => onHalfDayChange(e.target.checked)}
      />
      <Field label="Reason" required error={errors.reason}>
        <Textarea rows={2} maxLength={500} placeholder="e.g. Sister's wedding in Nashik" {...reason} />
      </Field>
    </>
  );
}
