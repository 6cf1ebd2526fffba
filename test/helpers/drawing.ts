// A signature drawn with a finger on a signing page's pad: touch events through Chromium's input pipeline, as a
// phone's screen sends them, stroked again until the pad's hidden field holds the PNG (the pad's part loads after the
// page). The page must be hydrated.
import type { Page } from "playwright-core";
import { expect } from "vitest";

export async function drawByTouch(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const drawing = page.locator('input[name="drawing"]');
  await expect
    .poll(
      async () => {
        const box = await pad.boundingBox();
        if (!box) return "";
        const at = (i: number) => ({ x: box.x + 20 + i * 12, y: box.y + box.height / 2 + (i % 2 ? 15 : -15) });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at(0)] });
        for (let i = 1; i < 15; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(i)] });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        return drawing.inputValue();
      },
      { timeout: 15_000 },
    )
    .toMatch(/^data:image\/png;base64,/);
}
