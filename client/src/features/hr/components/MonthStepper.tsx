// The month chooser of the HR pages (leave, an employee's month, payroll): previous, the month
// field, next. `latest` keeps "next" from going past a month (today's, where later months hold nothing).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { IconButton, Input, Label } from "@/components/ui";
import { addMonths } from "@shared/calendar";

export function MonthStepper({ id, month, onChange, latest }: { id: string; month: string; onChange: (month: string) => void; latest?: string }) {
  return (
    <div className="flex items-center gap-2">
      <IconButton variant="outline" onClick={() => onChange(addMonths(month, -1))} label="Previous month">
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <Label htmlFor={id} className="sr-only">
        Month
      </Label>
      <Input id={id} type="month" value={month} onChange={(e) => e.target.value && onChange(e.target.value)} className="w-44" />
      <IconButton variant="outline" onClick={() => onChange(addMonths(month, 1))} label="Next month" disabled={latest !== undefined && month >= latest}>
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </div>
  );
}
