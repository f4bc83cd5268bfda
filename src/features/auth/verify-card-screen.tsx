import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  activationFormSchema,
  type ActivationForm,
  type RegisterCardInfo,
} from '../../../contract/auth';
import { ApiRequestError } from '../../api/http-client';
import { QueryScope } from '../../api/query-client';
import { useSession } from '../../api/use-session';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { activateCard, registerCardInfo } from './account-api';
import { useFieldText } from './form-messages';
import { applyServerErrors, errorText, useMessageLang } from './form-errors';
import './auth.css';
import { memberCardPath } from '../../../contract/card-prefixes';

/**
 * /verify/{id}: the page a printed card's QR opens (decision 0105). An unassigned card is
 * activated by a logged-in member with the code printed with it; an active card shows whose
 * it is.
 */
export function VerifyCardScreen({ cardId }: { cardId: string }) {
  return (
    <QueryScope>
      <VerifyCardContent cardId={cardId} />
    </QueryScope>
  );
}

function VerifyCardContent({ cardId }: { cardId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Xác nhận thẻ`);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const info = useQuery({
    queryKey: ['auth', 'card', cardId],
    queryFn: () => registerCardInfo(cardId),
    retry: false,
  });

  let body;
  if (info.isPending) body = <Spinner />;
  else if (info.isError) {
    const notFound = info.error instanceof ApiRequestError && info.error.status === 404;
    body = (
      <p className="auth-alert" role="alert">
        {notFound ? <Trans>Không tìm thấy thẻ này.</Trans> : errorText(info.error, lang)}
      </p>
    );
  } else if (info.data.status === 'active' && info.data.member) {
    const owner = info.data.member;
    body = (
      <>
        <p className="auth-note" role="status">
          <Trans>Thẻ đã được kích hoạt cho {owner.name}.</Trans>
        </p>
        <a href={memberCardPath(owner.urlMinify)}>
          <Trans>Xem danh thiếp</Trans>
        </a>
      </>
    );
  } else body = <ActivateCard card={info.data} />;

  return (
    <main className="auth-screen">
      <h1 className="auth-screen__title">
        <Trans>Xác nhận thẻ</Trans>
      </h1>
      <p className="auth-screen__lead">
        <Trans>Mã thẻ: {cardId}</Trans>
      </p>
      {body}
    </main>
  );
}

function ActivateCard({ card }: { card: RegisterCardInfo }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const fieldText = useFieldText();
  const lang = useMessageLang();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ActivationForm>({
    resolver: contractResolver(activationFormSchema, lang),
    defaultValues: { activationCode: '' },
  });
  const activation = useMutation({
    mutationFn: (form: ActivationForm) =>
      activateCard({ cardId: card.id, activationCode: form.activationCode }),
    onSuccess: (next) => {
      queryClient.setQueryData(['auth', 'card', card.id], next);
      toast.success(t`Kích hoạt thẻ thành công`);
    },
    onError: (error) => {
      if (!applyServerErrors(error, ['activationCode'], setError)) {
        toast.error(errorText(error, i18n.locale === 'en' ? 'en' : 'vi'));
      }
    },
  });

  if (session.status !== 'loggedIn') {
    const back = `/verify/${encodeURIComponent(card.id)}`;
    return (
      <>
        <p className="auth-note">
          <Trans>
            Thẻ chưa được kích hoạt. Hãy đăng nhập hoặc đăng ký để gắn thẻ với danh thiếp của bạn.
          </Trans>
        </p>
        <nav className="auth-links">
          <Link to="/login" search={{ redirect: back }}>
            <Trans>Đăng nhập</Trans>
          </Link>
          <Link to="/register">
            <Trans>Đăng ký tài khoản</Trans>
          </Link>
        </nav>
      </>
    );
  }
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit((form) => activation.mutate(form))}
      aria-label={t`Kích hoạt thẻ`}
    >
      <p className="auth-note">
        <Trans>Nhập mã kích hoạt in kèm thẻ để gắn thẻ với danh thiếp của bạn.</Trans>
      </p>
      <TextField
        label={t`Mã kích hoạt`}
        autoComplete="off"
        error={fieldText(errors.activationCode)}
        {...register('activationCode')}
      />
      <Button type="submit" busy={activation.isPending}>
        <Trans>Kích hoạt thẻ</Trans>
      </Button>
    </form>
  );
}
