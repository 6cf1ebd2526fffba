// Home page (SPEC §2.3).
import { type FormEvent, useState } from "react";
import { useToast } from "../../components/ui/toast.tsx";
import { useShared } from "../../shared.tsx";

export default function Home() {
  const { site } = useShared();
  const { toast } = useToast();
  const [name, setName] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setName("");
    toast({ title: "Message Sent!", description: "We'll get back to you within 24 hours." });
  };
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <p className="text-sm font-semibold text-blue-800">Your Trusted Travel Partner</p>
      <h1 className="mt-2 text-4xl font-bold text-slate-900">Turn Your Dreams of International Travel Into Reality</h1>
      <p className="mt-4 text-slate-700">{site.name}</p>
      <form id="contact" onSubmit={submit} className="mt-10 grid gap-3">
        <label htmlFor="contact-name" className="text-sm font-medium">
          Name
        </label>
        <input
          id="contact-name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          className="rounded border border-slate-400 px-3 py-2"
        />
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-semibold text-white">
          Send Message
        </button>
      </form>
    </main>
  );
}
