// A family group's rate on the lead's bill (staff's case page): the members' service fee as a percentage of the price
// list, set or cleared with a reason; once the group's bill is split or paid it only says what it was. Plain form post.
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";

export interface FamilyRateView {
  percent: number | null;
  /** Why it can no longer change (the group's bill is split or paid), or null. */
  frozen: string | null;
  /** How many members the group's bill covers now. */
  members: number;
}

interface Props {
  action: string;
  csrf: string;
  rate: FamilyRateView;
  refused: { message: string; fields: Record<string, string>; values: Record<string, string> } | null;
}

export function FamilyRateForm({ action, csrf, rate, refused }: Props) {
  const now = rate.percent
    ? `Family rate: each member pays ${rate.percent}% of the price list (the lead pays the full fee).`
    : "No family rate: each member pays the price list.";
  const covered =
    rate.members === 1 ? "This bill covers 1 family member." : `This bill covers ${rate.members} family members (submitted, not refused).`;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Family group</h3>
      <p className="text-sm text-slate-700">
        {covered} {now}
      </p>
      {rate.frozen ? (
        <p className="mt-1 text-sm text-slate-700">{rate.frozen}</p>
      ) : (
        <details className="mt-2" open={Boolean(refused)}>
          <summary className="cursor-pointer font-semibold text-brand-800">Set the family rate</summary>
          <form method="post" action={action} className="mt-3 grid gap-3" aria-label="Family rate">
            <input type="hidden" name="_csrf" value={csrf} />
            {refused ? (
              <p role="alert" className="text-sm text-red-800">
                {refused.message}
              </p>
            ) : null}
            <TextField
              label="Members' service fee, % of the price list"
              hint="A whole number from 1 to 100."
              name="percent"
              inputMode="numeric"
              defaultValue={refused?.values.percent ?? (rate.percent ? String(rate.percent) : "")}
              error={refused?.fields.percent}
            />
            <TextField label="Why" name="reason" required maxLength={500} defaultValue={refused?.values.reason} error={refused?.fields.reason} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit">Set family rate</Button>
              {rate.percent ? (
                <Button type="submit" name="clear" value="1" variant="outline">
                  Clear family rate
                </Button>
              ) : null}
            </div>
          </form>
        </details>
      )}
    </div>
  );
}
