// The short link editor: tidies what is typed, checks the §5-style rules at once on the device,
// asks the server whether the link is free after a pause (online only), and saves online.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { Button } from '../../ui/button';
import { useOnline } from '../../ui/offline-indicator';
import { fieldMessages, fieldTexts } from '../../../contract/field-messages';
import {
  tidyUrlMinify,
  urlMinifySetSchema,
  type UrlMinifyCheck,
} from '../../../contract/card-settings';
import { checkUrlMinify } from './settings-data';
import { failureText, fieldFailure, useMessageLang } from './settings-messages';

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; check: UrlMinifyCheck }
  | { state: 'failed' };

interface UrlMinifyFieldProps {
  /** The link now. */
  current: string;
  /** /me or /mbg: how the full address reads. */
  prefix: 'me' | 'mbg';
  /** Checks a brand's link (its own old links count as its own). */
  groupId?: string;
  onSave: (link: string) => Promise<void>;
}

const checkDelayMs = 400;

export function UrlMinifyField({ current, prefix, groupId, onSave }: UrlMinifyFieldProps) {
  const { t } = useLingui();
  const lang = useMessageLang();
  const online = useOnline();
  const inputId = useId();
  const [typed, setTyped] = useState(current);
  /** The server's answer about one link (kept with the link it is about). */
  const [answer, setAnswer] = useState<{
    link: string;
    check?: UrlMinifyCheck;
    error?: string;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  const link = tidyUrlMinify(typed);
  const parsed = v.safeParse(urlMinifySetSchema, { urlMinify: link });
  const ruleError = parsed.success
    ? undefined
    : fieldTexts(fieldMessages(urlMinifySetSchema, parsed.issues), lang).urlMinify;
  const unchanged = link === current;
  const needsCheck = parsed.success && !unchanged && online;
  const answered = answer?.link === link ? answer : undefined;
  const availability: Availability = !needsCheck
    ? { state: 'idle' }
    : answered?.check
      ? { state: 'done', check: answered.check }
      : answered
        ? { state: 'failed' }
        : { state: 'checking' };

  useEffect(() => {
    if (!needsCheck) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUrlMinify(link, controller.signal, groupId).then(
        (check) => setAnswer({ link, check }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ link, error: fieldFailure(error, 'urlMinify') ?? failureText(error, lang) });
        },
      );
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [link, needsCheck, groupId, lang]);

  const taken = availability.state === 'done' && !availability.check.available;
  const error =
    ruleError ?? answered?.error ?? (taken ? t`Đường dẫn này đã có người dùng` : undefined);
  const canSave =
    online && !unchanged && parsed.success && !taken && availability.state !== 'checking';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      await onSave(link);
    } catch (failure) {
      setAnswer({ link, error: fieldFailure(failure, 'urlMinify') ?? failureText(failure, lang) });
    } finally {
      setSaving(false);
    }
  };

  const origin = typeof location === 'undefined' ? '' : location.origin;
  const statusId = `${inputId}-status`;
  const errorId = `${inputId}-error`;
  return (
    <form className="url-minify" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          <Trans>Đường dẫn ngắn</Trans>
        </label>
        <div className="url-minify__row">
          <span className="url-minify__prefix" aria-hidden="true">
            {`/${prefix}/`}
          </span>
          <input
            id={inputId}
            className="field__input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTyped(link)}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={60}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${statusId}${error ? ` ${errorId}` : ''}`}
          />
        </div>
        <span id={statusId} className="field__hint" role="status">
          {!online ? (
            <Trans>
              Bạn đang ngoại tuyến: cần có mạng để kiểm tra và đổi đường dẫn (không thể biết trước
              đường dẫn còn trống hay không).
            </Trans>
          ) : unchanged ? (
            <Trans>Đây là đường dẫn hiện tại của bạn.</Trans>
          ) : availability.state === 'checking' ? (
            <Trans>Đang kiểm tra…</Trans>
          ) : availability.state === 'done' && availability.check.available ? (
            <Trans>Đường dẫn này dùng được.</Trans>
          ) : null}
        </span>
        {error && (
          <span id={errorId} className="field__error" role="alert">
            {error}
          </span>
        )}
      </div>
      <p className="url-minify__preview">
        <Trans>Địa chỉ thẻ:</Trans> <code>{`${origin}/${prefix}/${link}`}</code>
      </p>
      <p className="field__hint">
        <Trans>Đường dẫn cũ vẫn tự chuyển sang đường dẫn mới, nên mã QR đã in vẫn dùng được.</Trans>
      </p>
      <Button type="submit" busy={saving} disabled={!canSave}>
        <Trans>Lưu đường dẫn</Trans>
      </Button>
    </form>
  );
}
