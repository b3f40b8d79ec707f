// Every page on a 390 px phone, in English and German (alternating; tests/e2e/pages.mjs).
import { everyPage } from './pages.mjs';

everyPage('390');
