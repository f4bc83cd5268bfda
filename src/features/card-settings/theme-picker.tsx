// The theme chooser with its live preview: the card's colours and its list or square
// organisation (spec §3 theme modes), as visitors will see them, before anything is saved.
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ThemeScope } from '../../ui/theme';
import { findTheme, type ThemeStyle } from '../../../contract/theme';
import type { ThemeType } from '../../../contract/card-settings';

export interface ThemeValue {
  theme: string;
  themeType: ThemeType;
}

interface ThemePickerProps {
  styles: readonly ThemeStyle[];
  value: ThemeValue;
  onChange: (value: ThemeValue) => void;
  /** Shown in the preview. */
  name: string;
}

export function ThemePicker({ styles, value, onChange, name }: ThemePickerProps) {
  const { t, i18n } = useLingui();
  const groupName = useId();
  const modeName = useId();
  const shown = styles.find((s) => s.code === value.theme) ?? findTheme(value.theme) ?? styles[0];
  return (
    <div className="theme-picker">
      <fieldset className="theme-picker__themes">
        <legend>
          <Trans>Giao diện</Trans>
        </legend>
        <div className="theme-picker__grid">
          {styles.map((style) => (
            <label
              key={style.code}
              className={
                style.code === value.theme ? 'theme-swatch theme-swatch--selected' : 'theme-swatch'
              }
            >
              <input
                type="radio"
                name={groupName}
                value={style.code}
                checked={style.code === value.theme}
                onChange={() => onChange({ ...value, theme: style.code })}
              />
              <span
                className="theme-swatch__colors"
                aria-hidden="true"
                style={{ background: style.value.background }}
              >
                <span style={{ background: style.value.menu }} />
                <span style={{ background: style.value.button }} />
                <span style={{ background: style.value.card }} />
              </span>
              <span className="theme-swatch__name">
                {i18n.locale === 'en' ? style.name : style.nameVi}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="theme-picker__modes">
        <legend>
          <Trans>Cách sắp xếp</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name={modeName}
            value="list"
            checked={value.themeType === 'list'}
            onChange={() => onChange({ ...value, themeType: 'list' })}
          />{' '}
          <Trans>Danh sách</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={modeName}
            value="square"
            checked={value.themeType === 'square'}
            onChange={() => onChange({ ...value, themeType: 'square' })}
          />{' '}
          <Trans>Ô vuông</Trans>
        </label>
      </fieldset>
      <section
        className="theme-preview-wrap"
        aria-label={t`Xem trước`}
        data-testid="theme-preview"
        data-theme={shown?.code}
      >
        <h2 className="theme-preview__heading">
          <Trans>Xem trước</Trans>
        </h2>
        <ThemeScope style={shown} as="div" className="theme-preview">
          <div className="theme-preview__menu">
            <span>m.e Cards</span>
            <span>
              <Trans>Sản phẩm</Trans>
            </span>
          </div>
          <div className="theme-preview__card">
            <span className="theme-preview__avatar" aria-hidden="true">
              {name.trim().charAt(0).toUpperCase() || 'M'}
            </span>
            <strong className="theme-preview__name">{name}</strong>
            <span className="theme-preview__button">
              <Trans>Lưu danh bạ</Trans>
            </span>
          </div>
          <ul
            className={
              value.themeType === 'square'
                ? 'theme-preview__items theme-preview__items--square'
                : 'theme-preview__items'
            }
            data-mode={value.themeType}
          >
            {[1, 2, 3, 4].map((n) => (
              <li key={n}>
                <span className="theme-preview__thumb" aria-hidden="true" />
                <span>
                  <Trans>Sản phẩm {n}</Trans>
                </span>
                <span className="theme-preview__price">{`${n}00.000 đ`}</span>
              </li>
            ))}
          </ul>
        </ThemeScope>
      </section>
    </div>
  );
}
