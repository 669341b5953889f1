// The CSV names that import as a given employee, each removable (spec 001 §5).
import { Trash2 } from "lucide-react";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { useDeleteNameMapping, useNameMappings } from "../../api";

export function NameMappingsCard() {
  const mappings = useNameMappings();
  const remove = useDeleteNameMapping();
  if (!mappings.data || mappings.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Name mappings</CardTitle>
        <CardDescription>CSV names that import as a given employee.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm">
          {mappings.data.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{m.csvName}</span>
                <span className="text-slate-600"> → {m.employeeName}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove mapping ${m.csvName}`}
                disabled={remove.isPending}
                onClick={() =>
                  runMutation(remove, m.id, {
                    onError: (err) => toast({ title: "Error", description: errorMessage(err, "Failed to remove name mapping"), variant: "destructive" }),
                  })
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
