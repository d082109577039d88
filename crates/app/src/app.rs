//! The page: one lane per broker, a produce button and a fetch button per follower.

use replab_core::{Cluster, Command, Config, Protocol, Setup};
use std::rc::Rc;
use std::sync::Arc;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
struct State {
    cluster: Rc<Cluster>,
    produced: u32,
}

fn initial() -> State {
    let setup = Setup {
        brokers: vec!["A".into(), "B".into(), "C".into()],
        leader: 0,
        config: Config::default(),
        protocol: Protocol::DivergingEpoch,
    };
    State {
        cluster: Rc::new(Cluster::new(&setup)),
        produced: 0,
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_state(initial);
    let apply = {
        let state = state.clone();
        move |command: Command, produced: u32| {
            let mut next = (*state.cluster).clone();
            if next.apply(&command).is_ok() {
                state.set(State {
                    cluster: Rc::new(next),
                    produced,
                });
            }
        }
    };
    let on_produce = {
        let apply = apply.clone();
        let n = state.produced + 1;
        Callback::from(move |_| {
            apply(
                Command::Produce {
                    value: Arc::from(format!("m{n}")),
                    acks: None,
                },
                n,
            )
        })
    };
    let c = &state.cluster;
    html! {
        <main>
            <h1>{ "Kafka Replication Lab" }</h1>
            <p>{ format!("protocol {} · leader epoch {}", c.protocol().name(), c.leader_epoch()) }</p>
            <button data-testid="produce" onclick={on_produce}>{ "Produce" }</button>
            { for c.brokers().iter().enumerate().map(|(i, b)| {
                let on_fetch = {
                    let apply = apply.clone();
                    let produced = state.produced;
                    Callback::from(move |_| apply(Command::Fetch { follower: i, max: None }, produced))
                };
                let role = if !b.is_alive() { "down" } else if c.leader() == Some(i) { "leader" } else { "follower" };
                html! {
                    <section class="lane" data-testid={format!("broker-{}", b.id)} data-role={role}
                        data-leo={b.leo().to_string()} data-hw={b.hw().to_string()}>
                        <h2>{ format!("{} ({role})", b.id) }</h2>
                        if role == "follower" {
                            <button data-testid={format!("fetch-{}", b.id)} onclick={on_fetch}>{ "Fetch" }</button>
                        }
                        <ol class="log">
                        { for b.durable.log.records().iter().map(|r| html! {
                            <li data-testid={format!("record-{}-{}", b.id, r.offset)} data-epoch={r.epoch.to_string()}>
                                { format!("{}: {}", r.offset, r.value) }
                            </li>
                        }) }
                        </ol>
                        <p>{ format!("LEO {} · HW {}", b.leo(), b.hw()) }</p>
                    </section>
                }
            }) }
        </main>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::App;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    async fn settle() {
        yew::platform::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    #[wasm_bindgen_test]
    async fn produce_appends_a_record_to_the_leader_lane() {
        let document = gloo::utils::document();
        let root = document.create_element("div").expect("div");
        document.body().expect("body").append_child(&root).expect("append");
        yew::Renderer::<App>::with_root(root.clone()).render();
        settle().await;
        let leader = root
            .query_selector("[data-testid=broker-A]")
            .expect("query")
            .expect("lane A");
        assert_eq!(leader.get_attribute("data-role").as_deref(), Some("leader"));
        assert!(root
            .query_selector("[data-testid=record-A-0]")
            .expect("query")
            .is_none());
        let button: web_sys::HtmlElement = root
            .query_selector("[data-testid=produce]")
            .expect("query")
            .expect("produce button")
            .dyn_into()
            .expect("html element");
        button.click();
        settle().await;
        let record = root
            .query_selector("[data-testid=record-A-0]")
            .expect("query")
            .expect("record");
        assert!(record.text_content().unwrap_or_default().contains("m1"));
        assert_eq!(leader.get_attribute("data-leo").as_deref(), Some("1"));
    }
}
