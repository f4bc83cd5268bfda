// Where the member settles each kind of kept conflict (decision 1062): the screens whose
// banners show them, listed once for the home screen's link and the sync panel's lines.
import type { ReactNode } from 'react';
import { linkOptions, type LinkOptions } from '@tanstack/react-router';
import { Plural } from '@lingui/react/macro';
import { mergedEntities, type MergedEntity } from '../../contract/field-merge';

type Counts = Record<MergedEntity, number>;

/** Content conflicts show on the screen of the item's kind. */
const contentKinds = {
  posts: 'post',
  products: 'product',
  activities: 'activity',
  relics: 'relic',
  posters: 'poster',
} as const satisfies Partial<Record<MergedEntity, string>>;

type ContentEntity = keyof typeof contentKinds;
const contentEntities = Object.keys(contentKinds) as ContentEntity[];

interface ConflictScreen {
  /** The screen, for these counts (content: the first kind that has some). */
  link: (counts: Counts) => LinkOptions;
  /** The sync panel's line: the screen and how many wait there. */
  line: (count: number) => ReactNode;
}

const screens = {
  contacts: {
    link: () => linkOptions({ to: '/action/phonebook' }),
    line: (count) => <Plural value={count} other="Danh bạ: # liên hệ" />,
  },
  profile: {
    link: () => linkOptions({ to: '/action/setting' }),
    line: (count) => <Plural value={count} other="Hồ sơ: # thay đổi" />,
  },
  jobDiary: {
    link: () => linkOptions({ to: '/action/jobDiary' }),
    line: (count) => <Plural value={count} other="Nhật ký công việc: # mục" />,
  },
  cv: {
    link: () => linkOptions({ to: '/action/createCv' }),
    line: (count) => <Plural value={count} other="CV: # thay đổi" />,
  },
  content: {
    link: (counts) =>
      linkOptions({
        to: '/action/content/$kind',
        params: { kind: contentKinds[contentEntities.find((e) => counts[e] > 0) ?? 'posts'] },
      }),
    line: (count) => <Plural value={count} other="Nội dung: # mục" />,
  },
  wedding: {
    link: () => linkOptions({ to: '/action/wedding' }),
    line: (count) => <Plural value={count} other="Thiệp cưới: # thay đổi" />,
  },
  accountLinks: {
    link: () => linkOptions({ to: '/action/setting/links' }),
    line: (count) => <Plural value={count} other="Ngân hàng, liên kết và video: # mục" />,
  },
} satisfies Record<string, ConflictScreen>;

type ScreenName = keyof typeof screens;

/** The screen of every merged table: a table added to the merge without one does not compile. */
const screenOf = {
  contacts: 'contacts',
  profile: 'profile',
  jobDiary: 'jobDiary',
  cvs: 'cv',
  posts: 'content',
  products: 'content',
  activities: 'content',
  relics: 'content',
  posters: 'content',
  weddings: 'wedding',
  accountLinks: 'accountLinks',
} as const satisfies Record<MergedEntity, ScreenName>;

/** The screens with conflicts waiting, in the order of the merged tables, with their counts. */
export function screensWithConflicts(
  counts: Counts,
): { key: string; count: number; link: LinkOptions; line: ReactNode }[] {
  const countOf = new Map<ScreenName, number>();
  for (const entity of mergedEntities) {
    const name = screenOf[entity];
    countOf.set(name, (countOf.get(name) ?? 0) + counts[entity]);
  }
  return [...countOf]
    .filter(([, count]) => count > 0)
    .map(([name, count]) => ({
      key: name,
      count,
      link: screens[name].link(counts),
      line: screens[name].line(count),
    }));
}

/** The first screen (in merged-table order) with a conflict waiting, or the profile's. */
export function firstConflictLink(counts: Counts): LinkOptions {
  return screensWithConflicts(counts)[0]?.link ?? screens.profile.link();
}
