// The menus are native <details> disclosures: they open and their links work before any script runs. Once this runs,
// Escape closes an open menu (focus back on its button), and so does a tap or click outside it.
export function enhanceDisclosures(): void {
  const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]")];
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (e) => {
    for (const menu of openMenus()) if (!menu.contains(e.target as Node)) menu.open = false;
  });
}
