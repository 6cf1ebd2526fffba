// The contact form island: the form and the toasts it shows, hydrated on their own root (views/islands.ts).
import { ToastProvider } from "../ui/toast.tsx";
import { ContactForm, type ContactFormProps } from "./ContactForm.tsx";

export default function ContactFormIsland(props: ContactFormProps) {
  return (
    <ToastProvider>
      <ContactForm {...props} />
    </ToastProvider>
  );
}
