// Every page under /services/{slug} (SPEC §2.5, §3 "Static content"), one module of copy per page in ./services/.
import { australiaImmigration } from "./services/australia-immigration.ts";
import { canadaImmigration } from "./services/canada-immigration.ts";
import { dubaiUaeImmigration } from "./services/dubai-uae-immigration.ts";
import { germanyImmigration } from "./services/germany-immigration.ts";
import { newZealandImmigration } from "./services/new-zealand-immigration.ts";
import { portugalImmigration } from "./services/portugal-immigration.ts";
import { studentVisa } from "./services/student-visa.ts";
import { studyAbroad } from "./services/study-abroad.ts";
import { studyAustralia } from "./services/study-australia.ts";
import { studyCanada } from "./services/study-canada.ts";
import { studyUk } from "./services/study-uk.ts";
import { studyUsa } from "./services/study-usa.ts";
import { touristVisa } from "./services/tourist-visa.ts";
import { ukImmigration } from "./services/uk-immigration.ts";
import { usaImmigration } from "./services/usa-immigration.ts";
import { workVisa } from "./services/work-visa.ts";
import type { ServicePage } from "./types.ts";

/** In sitemap order; a new page is added here once its module exists. */
export const servicePages: ServicePage[] = [
  canadaImmigration,
  usaImmigration,
  ukImmigration,
  germanyImmigration,
  portugalImmigration,
  australiaImmigration,
  newZealandImmigration,
  dubaiUaeImmigration,
  touristVisa,
  workVisa,
  studentVisa,
  studyAbroad,
  studyUsa,
  studyUk,
  studyCanada,
  studyAustralia,
];

/** Looks up a service page by its URL slug. */
export function findServicePage(slug: string): ServicePage | undefined {
  return servicePages.find((page) => page.slug === slug);
}
