import BASE_CSS from "../lib/base.css?inline";
import DIALOG_CSS from "../lib/dialog.css?inline";
import { defineWidget } from "../lib/define-widget";
import { TestCallDialog } from "./TestCallDialog";
import TEST_CALL_CSS from "./test-call.css?inline";

defineWidget("nikki-test-call", TestCallDialog, BASE_CSS + DIALOG_CSS + TEST_CALL_CSS);
