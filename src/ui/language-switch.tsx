import { useLingui } from '@lingui/react/macro';
import { activateLocale, type Locale } from '../i18n/i18n';

const choices: readonly { locale: Locale; short: string; label: string }[] = [
  // Each language is named in itself, so it is recognisable whatever the current language.
  { locale: 'vi', short: 'VI', label: 'Tiếng Việt' },
  { locale: 'en', short: 'EN', label: 'English' },
];

/**
 * Vietnamese / English switch: the device's choice, kept in the `lang` cookie. It never edits
 * the profile's language, which is the card's language for its visitors (decision 1042).
 */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <div className="language-switch" role="group" aria-label={t`Ngôn ngữ`}>
      {choices.map((choice) => (
        <button
          key={choice.locale}
          type="button"
          lang={choice.locale}
          aria-label={choice.label}
          aria-pressed={i18n.locale === choice.locale}
          onClick={() => {
            if (i18n.locale === choice.locale) return;
            void activateLocale(choice.locale);
          }}
        >
          {choice.short}
        </button>
      ))}
    </div>
  );
}
