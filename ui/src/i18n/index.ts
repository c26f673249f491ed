import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

// One catalogue, one language for now; every user-visible string goes through it (FR-63).
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
});

export { i18next };
