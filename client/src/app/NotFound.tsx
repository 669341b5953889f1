import { FileQuestion } from "lucide-react";
import { Link } from "wouter";
import { MessageCard } from "@/components/layout/MessageCard";
import { buttonVariants } from "@/components/ui/button";

/** The 'Page Not Found' card for any unknown path (spec 000 §2). */
export function NotFound({ fullPage = false, signedIn = true }: { fullPage?: boolean; signedIn?: boolean }) {
  const card = (
    <MessageCard
      icon={FileQuestion}
      as={fullPage ? "h1" : "h2"}
      title="Page Not Found"
      action={
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          {signedIn ? "Go to Dashboard" : "Go to Sign In"}
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has been moved.</p>
    </MessageCard>
  );
  if (!fullPage) return card;
  return <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">{card}</main>;
}
