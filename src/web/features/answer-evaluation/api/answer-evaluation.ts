import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { uploadWithProgress } from "@web/lib/upload-with-progress.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** Earlier questions and "My evaluations": rows a page. */
export const ANSWER_EVALUATION_PAGE_SIZE = 10;

const ERROR_TOAST = { errorToast: { title: msg("Error fetching data") } };
const route = api["answer-evaluation"];

/** Today's question (the latest published), the earlier ones a page at a time, the allowance. */
export const mainsQuestionsQueryOptions = (page: number) => {
  const filter = { page, pageSize: ANSWER_EVALUATION_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.answerEvaluation.questions(filter),
    queryFn: () =>
      unwrap(route.$get({ query: { page: String(page), pageSize: String(filter.pageSize) } })),
    placeholderData: keepPreviousData,
    meta: ERROR_TOAST,
  });
};

export function useMainsQuestions(page: number) {
  return useQuery(mainsQuestionsQueryOptions(page));
}
export type MainsQuestionsAnswer = NonNullable<ReturnType<typeof useMainsQuestions>["data"]>;
export type StudentMainsQuestion = MainsQuestionsAnswer["earlier"]["items"][number];
export type EvaluationAllowance = MainsQuestionsAnswer["allowance"];

/** "My evaluations": the student's submitted copies, newest first. */
export const myEvaluationsQueryOptions = (page: number) => {
  const filter = { page, pageSize: ANSWER_EVALUATION_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.answerEvaluation.mine(filter),
    queryFn: () =>
      unwrap(route.mine.$get({ query: { page: String(page), pageSize: String(filter.pageSize) } })),
    placeholderData: keepPreviousData,
    meta: ERROR_TOAST,
  });
};

export function useMyEvaluations(page: number) {
  return useQuery(myEvaluationsQueryOptions(page));
}
export type MyEvaluation = NonNullable<
  ReturnType<typeof useMyEvaluations>["data"]
>["items"][number];

/** One question's answer page: the question, the student's copy (draft or later), the allowance. */
export const answerPageQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: queryKeys.answerEvaluation.question(questionId),
    queryFn: () => unwrap(route.questions[":id"].$get({ param: { id: questionId } })),
  });

export function useAnswerPage(questionId: string) {
  return useQuery(answerPageQueryOptions(questionId));
}
export type AnswerPageData = NonNullable<ReturnType<typeof useAnswerPage>["data"]>;
export type AnswerCopy = NonNullable<AnswerPageData["copy"]>;

/** What the server says of one uploaded file. */
export type UploadedCopyFile = {
  copyId: string;
  file: { id: string; contentType: string; bytes: number; pdfPages: number | null };
};

/** Uploads one photo or the PDF to the student's draft, reporting its progress. */
export function uploadCopyFile(
  questionId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  return uploadWithProgress({
    url: `/api/answer-evaluation/questions/${encodeURIComponent(questionId)}/files`,
    file,
    onProgress,
    signal,
  }) as Promise<UploadedCopyFile>;
}

/** Removes a page from the draft (its stored file goes too). */
export function deleteCopyFile(fileId: string) {
  return unwrap(route.files[":fileId"].$delete({ param: { fileId } }));
}

export type SubmitInput = {
  pages: { id: string; rotation: 0 | 90 | 180 | 270 }[];
  typedAnswer: string;
};

/**
 * Submits the draft. The answer is the copy as it now stands; it goes into the page's cache
 * (the allowance counts one more), and the lists are refreshed.
 */
export function useSubmitAnswer(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) =>
      unwrap(route.questions[":id"].submit.$post({ param: { id: questionId }, json: input })),
    onSuccess: (copy) => {
      queryClient.setQueryData(
        queryKeys.answerEvaluation.question(questionId),
        (page: AnswerPageData | undefined) =>
          page && {
            ...page,
            copy,
            allowance: { ...page.allowance, used: page.allowance.used + 1 },
          },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.answerEvaluation.all });
    },
    onError: (error) => {
      // Submitted meanwhile (another tab): the page shows the copy as it now stands.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({
          queryKey: queryKeys.answerEvaluation.question(questionId),
        });
      }
    },
  });
}

/** Puts the copy the server answered with into the page's cache. */
function useKeepCopy(questionId: string) {
  const queryClient = useQueryClient();
  return (copy: AnswerCopy) => {
    queryClient.setQueryData(
      queryKeys.answerEvaluation.question(questionId),
      (page: AnswerPageData | undefined) => page && { ...page, copy },
    );
  };
}

/** Rates the feedback, 1 to 5, once. */
export function useRateFeedback(questionId: string, copyId: string) {
  const keep = useKeepCopy(questionId);
  return useMutation({
    mutationFn: (rating: number) =>
      unwrap(route.copies[":id"].rating.$post({ param: { id: copyId }, json: { rating } })),
    onSuccess: keep,
  });
}

/** Asks the one follow-up question. */
export function useAskFollowUp(questionId: string, copyId: string) {
  const keep = useKeepCopy(questionId);
  return useMutation({
    mutationFn: (question: string) =>
      unwrap(route.copies[":id"]["follow-up"].$post({ param: { id: copyId }, json: { question } })),
    onSuccess: keep,
  });
}
