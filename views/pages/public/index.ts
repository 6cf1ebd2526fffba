// Public marketing pages: one client chunk, never bundled with portal or admin code.
import About from "./About.tsx";
import Contact from "./Contact.tsx";
import ContactResult from "./ContactResult.tsx";
import Faq from "./Faq.tsx";
import Home from "./Home.tsx";
import OurServices from "./OurServices.tsx";
import ServicePage from "./ServicePage.tsx";
import SuccessStories from "./SuccessStories.tsx";
import TravelPackages from "./TravelPackages.tsx";

export const pages = { Home, OurServices, About, SuccessStories, Contact, ContactResult, TravelPackages, ServicePage, Faq };
