import { useId, useState } from "react";
import "./explained-figure.css";

/**
 * A figure whose explanation shows on hover, on keyboard focus and on a tap (the figure is a button that toggles it),
 * and is its accessible description, so a screen reader reads it with the figure.
 */
export default function ExplainedFigure({ figure, explanation }: { figure: string; explanation: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className={`explained${open ? " open" : ""}`}>
      <button
        type="button"
        className="explained-figure"
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onBlur={() => setOpen(false)}
      >
        {figure}
      </button>
      <span role="tooltip" id={id} className="explained-note">
        {explanation}
      </span>
    </span>
  );
}
