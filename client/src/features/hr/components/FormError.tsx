import { Alert } from "@/components/ui";

/** A form-level error (the server's message) shown at the top of a dialog's form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" className="mb-4">
      {message}
    </Alert>
  );
}
