// The punch CSV's format, beside the upload: the required columns, the accepted dates, times and
// event types, and an example.
import { FileText } from "lucide-react";
import { PUNCH_DATE_FORMATS } from "@shared/punch-dates";
import { Badge, Card, CardContent, CardHeader, CardTitle } from "@/components/ui";
import { REQUIRED_COLUMNS } from "../../lib/csv-analysis";

export function FormatHelp() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileText className="h-4 w-4 text-slate-600" aria-hidden="true" />
          CSV format
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <div>
          <p className="font-medium text-slate-900">Required columns</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {REQUIRED_COLUMNS.map((c) => (
              <Badge key={c} variant="outline">
                {c}
              </Badge>
            ))}
          </div>
        </div>
        <ul className="list-disc space-y-1 pl-5">
          <li>Date: {PUNCH_DATE_FORMATS.join(" or ")}</li>
          <li>Time: HH:MM (24-hour; seconds are accepted)</li>
          <li>Event Type: punch_in, punch_out, IN or OUT</li>
          <li>Employee Name must match an employee or a name mapping</li>
          <li>Importing the same file twice changes nothing</li>
        </ul>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
          {"Employee Name,Date,Time,Event Type\nAsha Rao,2025-07-01,09:28,IN\nAsha Rao,2025-07-01,18:05,OUT"}
        </pre>
      </CardContent>
    </Card>
  );
}
