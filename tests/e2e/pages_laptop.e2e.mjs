// Every page at 1366 px, in English and German (alternating; tests/e2e/pages.mjs).
import { everyPage } from './pages.mjs';

everyPage('1366');
