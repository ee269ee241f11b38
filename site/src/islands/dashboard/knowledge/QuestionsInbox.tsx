import { QUESTION_MESSAGES as M, canManage } from "@nikki/core";
import { api, call } from "../../../lib/client";
import { askToAddKnowledgeEntry } from "../../../lib/knowledge-add-entry";
import { useMe } from "../../../lib/me";
import { usePagedResource } from "../../../lib/use-resource";
import EmptyState from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import { openImportFromWebsite } from "./ImportFromWebsite";
import QuestionCard from "./QuestionCard";
import "./questions.css";

/**
 * "Questions to answer" (issue 39 §4): what callers asked that the knowledge did not say, the same question from several
 * calls as one, most asked first. Owners and admins answer (it becomes a knowledge entry) or dismiss; every member reads.
 */
export default function QuestionsInbox() {
  const questions = usePagedResource(
    (cursor) => call(api.knowledge.questions.$get, { query: cursor ? { cursor } : {} }),
    (page) => ({ items: page.questions, next_cursor: page.next_cursor }),
    { failure: M.loadFailed },
  );
  const canAnswer = canManage(useMe()?.role);
  const done = (id: string) => questions.update((page) => ({ ...page, items: page.items.filter((question) => question.id !== id) }));
  return (
    <section className="card panel" aria-labelledby="questions-title">
      <div className="panel-head">
        <div>
          <h2 id="questions-title">{M.title}</h2>
          <p>{M.intro}</p>
        </div>
      </div>
      <Loaded resource={questions} loading="Loading questions…">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState message={canAnswer ? M.empty : M.emptyReader}>
              {canAnswer && (
                <>
                  <p className="question-next">{M.emptyNext}</p>
                  <div className="question-next-actions">
                    <button type="button" className="btn btn-primary btn-sm" onClick={askToAddKnowledgeEntry}>
                      Add entry
                    </button>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={openImportFromWebsite}>
                      Import from website
                    </button>
                    <a className="btn btn-secondary btn-sm" href="/dashboard/test-calls">
                      Open Test Suite
                    </a>
                  </div>
                </>
              )}
            </EmptyState>
          ) : (
            <>
              <ul className="question-list">
                {items.map((question) => (
                  <QuestionCard key={question.id} question={question} canAnswer={canAnswer} onDone={done} />
                ))}
              </ul>
              <LoadMore list={questions} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
