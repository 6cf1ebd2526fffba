// Public marketing pages: the same HTML for every visitor.
import type { Request, Response } from "express";
import { renderPage } from "../render/renderPage.ts";

export async function home(req: Request, res: Response): Promise<void> {
  await renderPage(
    req,
    res,
    "public/Home",
    {},
    {
      title: "Visa, Study Abroad & Travel Consultants in Lagos",
      description: "Visa consultation, study-abroad admissions and travel packages for Nigerians, from our office in Ikeja, Lagos.",
      isPublic: true,
    },
  );
}
