/**
 * The questions a call left unanswered (issue 39 §4), with the way to answer them on Knowledge for whoever may write
 * there; a call that left none shows nothing.
 */
export default function CallQuestions({ questions, canAnswer, agentName }: { questions: readonly string[]; canAnswer: boolean; agentName: string }) {
  if (questions.length === 0) return null;
  return (
    <>
      <h3>Questions {agentName} could not answer</h3>
      <ul className="call-questions">
        {questions.map((question, index) => (
          <li key={`${index}-${question}`}>{question}</li>
        ))}
      </ul>
      {canAnswer && (
        <p>
          <a href="/dashboard/knowledge">Answer them on the Knowledge page</a>
        </p>
      )}
    </>
  );
}
