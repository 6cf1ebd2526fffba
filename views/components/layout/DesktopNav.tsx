// Desktop navigation (lg and up): Radix NavigationMenu with the dropdowns of SPEC §2.2 at their fixed widths. An island
// (views/islands.ts): its links are ordinary links, each a full page load.
import * as Menu from "@radix-ui/react-navigation-menu";
import { type MouseEvent, useCallback, useRef, useState } from "react";
import { navLabels } from "../../content/layout.ts";
import { navMenus } from "../../content/navigation.ts";
import type { NavLink, NavMenu } from "../../content/types.ts";
import { ChevronDown } from "../ui/icons.ts";

const topLink =
  "inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-[0.8125rem] xl:px-2.5 font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-800";

function DropdownLink({ link, current }: { link: NavLink; current: string }) {
  return (
    <li>
      <Menu.Link asChild active={link.href === current}>
        <a href={link.href} className="block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50">
          <span className="block text-sm font-semibold text-slate-900">{link.label}</span>
          {link.description ? <span className="mt-0.5 block text-sm leading-snug text-slate-700">{link.description}</span> : null}
        </a>
      </Menu.Link>
    </li>
  );
}

/** A click this soon after a menu opened on hover keeps it open instead of toggling it shut. */
const CLICK_AFTER_HOVER_MS = 500;

function Dropdown({ menu, current, onTriggerClick }: { menu: NavMenu; current: string; onTriggerClick: (e: MouseEvent, id: string) => void }) {
  return (
    <Menu.Item value={menu.id}>
      <Menu.Trigger
        onClick={(e) => onTriggerClick(e, menu.id)}
        className="group inline-flex items-center gap-0.5 whitespace-nowrap rounded-md px-2 py-2 text-[0.8125rem] xl:gap-1 xl:px-2.5 font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-800 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-800"
      >
        {menu.label}
        <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </Menu.Trigger>
      <Menu.Content
        className="grid max-w-[calc(100vw-2rem)] gap-4 p-4"
        style={{ width: menu.width, gridTemplateColumns: `repeat(${menu.groups.length}, minmax(0, 1fr))` }}
      >
        {menu.groups.map((group) => {
          const headingId = `nav-${menu.id}-${group.heading.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <div key={group.heading}>
              <p id={headingId} className="px-3 pb-1 text-xs font-bold uppercase tracking-wider text-brand-800">
                {group.heading}
              </p>
              <ul aria-labelledby={headingId}>
                {group.links.map((link) => (
                  <DropdownLink key={link.label} link={link} current={current} />
                ))}
              </ul>
            </div>
          );
        })}
      </Menu.Content>
    </Menu.Item>
  );
}

/** Radix's defaults are the specification's timings: open after 200 ms, skip 300 ms, close 150 ms after the pointer leaves. */
export interface DesktopNavProps {
  /** The path of the page shown, whose link is marked current. */
  current: string;
}

export default function DesktopNav({ current: pathname }: DesktopNavProps) {
  const [value, setValue] = useState("");
  const openedAt = useRef(0);
  const onValueChange = useCallback((next: string) => {
    if (next) openedAt.current = Date.now();
    setValue(next);
  }, []);
  // Radix toggles on click, so pointing at a trigger (opens after 200 ms) and then clicking it would close the menu.
  const onTriggerClick = useCallback(
    (e: MouseEvent, id: string) => {
      if (value === id && Date.now() - openedAt.current < CLICK_AFTER_HOVER_MS) e.preventDefault();
    },
    [value],
  );
  return (
    <Menu.Root
      value={value}
      onValueChange={onValueChange}
      aria-label={navLabels.mainNav}
      delayDuration={200}
      skipDelayDuration={300}
      className="relative hidden h-full items-center lg:flex"
    >
      <Menu.List className="flex items-center">
        <Menu.Item>
          <Menu.Link asChild active={pathname === "/"}>
            <a href="/" className={topLink}>
              {navLabels.home}
            </a>
          </Menu.Link>
        </Menu.Item>
        {navMenus.map((menu) => (
          <Dropdown key={menu.id} menu={menu} current={pathname} onTriggerClick={onTriggerClick} />
        ))}
        <Menu.Item>
          <Menu.Link asChild active={pathname === "/travel-packages"}>
            <a href="/travel-packages" className={topLink}>
              {navLabels.travelPackages}
            </a>
          </Menu.Link>
        </Menu.Item>
      </Menu.List>
      <div className="absolute left-1/2 top-full flex -translate-x-1/2 justify-center">
        <Menu.Viewport className="nav-viewport h-(--radix-navigation-menu-viewport-height) w-(--radix-navigation-menu-viewport-width) overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl" />
      </div>
    </Menu.Root>
  );
}
