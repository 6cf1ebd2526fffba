// Phone numbers in international form (E.164), and WhatsApp click-to-chat links with a prepared message.

/**
 * A Nigerian local number (0803…) or an international one (+44…, 00 44…, 234…) as E.164, or null when it cannot
 * be one. Local numbers without a country code are taken as Nigerian, the office's country.
 */
export function toE164(input: string, defaultCountryCode = "234"): string | null {
  const trimmed = input.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // digits already carry the country code
  } else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = defaultCountryCode + digits.slice(1);
  else if (!digits.startsWith(defaultCountryCode)) return null;
  if (digits.length < 8 || digits.length > 15 || digits.startsWith("0")) return null;
  return `+${digits}`;
}

/** `https://wa.me/<number>?text=<message>`; null when the number cannot be put in international form. */
export function whatsappLink(phone: string, text: string): string | null {
  const e164 = toE164(phone);
  if (!e164) return null;
  return `https://wa.me/${e164.slice(1)}?text=${encodeURIComponent(text)}`;
}
