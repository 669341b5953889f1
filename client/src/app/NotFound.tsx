import { FileQuestion } from "lucide-react";
import { Link } from "wouter";
import { MessageCard } from "@/components/layout/MessageCard";
import { buttonVariants } from "@/components/ui/button";

/** The 'Page Not Found' card for any unknown path (spec 000 §2); `home` names where '/' leads, none when signed out. */
export function NotFound({ fullPage = false, home }: { fullPage?: boolean; home?: string }) {
  const card = (
    <MessageCard
      icon={FileQuestion}
      as={fullPage ? "h1" : "h2"}
      title="Page Not Found"
      action={
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          {home ? `Go to ${home}` : "Go to Sign In"}
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has been moved.</p>
    </MessageCard>
  );
  if (!fullPage) return card;
  return <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">{card}</main>;
}
