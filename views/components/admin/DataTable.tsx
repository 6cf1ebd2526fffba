// The admin panel's tables, one markup for all: column headers, the cell that names each row as its header, numbers
// aligned right, columns left out on narrow screens, totals in the foot, and a scroll region a keyboard can reach.
import type { ReactNode } from "react";

export interface Column<T> {
  /** The column's header text (also its key). */
  header: string;
  /** Shown in the header instead of the text, e.g. a label only screen readers read. */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
  /** This column names the row: its cells are row headers. */
  rowHeader?: boolean;
  /** A figure: aligned right and never wrapped. */
  numeric?: boolean;
  /** Never wrapped (dates, amounts). */
  nowrap?: boolean;
  /** Left out below this screen width. */
  from?: "sm" | "md";
  /** More classes for this column's cells, or per row. */
  cellClass?: string | ((row: T) => string);
}

export interface DataTableProps<T> {
  /** Names the table (and its scroll region) for assistive technology. */
  caption: string;
  /** Shows the caption above the table as its heading. */
  captionVisible?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Rows after the body: totals. */
  footer?: T[];
  /** A min-width class for a table that scrolls sideways rather than squeezing its columns. */
  minWidth?: string;
}

const FROM = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

function classes<T>(column: Column<T>, row?: T): string {
  const own = typeof column.cellClass === "function" ? (row === undefined ? "" : column.cellClass(row)) : (column.cellClass ?? "");
  return [
    "py-2 pr-3 align-top",
    column.numeric ? "whitespace-nowrap text-right" : "text-left",
    column.nowrap ? "whitespace-nowrap" : "",
    column.from ? FROM[column.from] : "",
    own,
  ]
    .filter(Boolean)
    .join(" ");
}

function Row<T>({ row, columns, strong }: { row: T; columns: Column<T>[]; strong?: boolean }) {
  return (
    <tr className={`border-b border-slate-200 ${strong ? "font-semibold" : ""}`}>
      {columns.map((c) =>
        c.rowHeader ? (
          <th key={c.header} scope="row" className={`${classes(c, row)} font-medium text-slate-900`}>
            {c.cell(row)}
          </th>
        ) : (
          <td key={c.header} className={`${classes(c, row)} text-slate-800`}>
            {c.cell(row)}
          </td>
        ),
      )}
    </tr>
  );
}

export function DataTable<T>({ caption, captionVisible, columns, rows, rowKey, footer, minWidth }: DataTableProps<T>) {
  return (
    // relative: screen-reader text positioned absolutely inside a cell scrolls with the table instead of widening the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, so it takes keyboard focus
    <section className="relative overflow-x-auto" aria-label={caption} tabIndex={0}>
      <table className={`w-full text-sm ${minWidth ?? ""}`}>
        <caption className={captionVisible ? "mb-2 text-left font-semibold text-slate-900" : "sr-only"}>{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`${classes(c)} align-bottom font-semibold`}>
                {c.headerContent ?? c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={rowKey(row)} row={row} columns={columns} />
          ))}
        </tbody>
        {footer?.length ? (
          <tfoot>
            {footer.map((row) => (
              <Row key={rowKey(row)} row={row} columns={columns} strong />
            ))}
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
