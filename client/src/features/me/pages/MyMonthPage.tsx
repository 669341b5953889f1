// My Month (/me, DECISIONS §15): the employee's own month. The foundation's first page; the month
// view itself comes with GET /api/me/attendance.
import { Card } from "@/components/ui";

export default function MyMonthPage() {
  return (
    <Card className="p-5">
      <p className="text-sm text-slate-600">Your attendance for the month appears here.</p>
    </Card>
  );
}
